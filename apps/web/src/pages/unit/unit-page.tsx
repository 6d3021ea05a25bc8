import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useOp, usePrefetch, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { TokenEditor, TokenText } from '../../components/token-editor.js'
import { when } from '../../components/when.js'
import { neighbour } from '../strings/list-order.js'
import { UnitContext } from './unit-context.js'

type Unit = OutputOf<'get_unit'>

/** The unit editor: source and context, the translation in one locale (plural forms too), history, memory and glossary hits. */
export function UnitPage({ unitId }: { unitId: string }) {
  const locale = new URLSearchParams(useSearch()).get('locale') ?? ''
  const [, navigate] = useLocation()
  const unit = useOp('get_unit', { unit: unitId })
  const go = (id: string | null) => id && navigate(`/strings/${id}?locale=${encodeURIComponent(locale)}`)
  const prev = neighbour(unitId, -1)
  const next = neighbour(unitId, 1)
  const prefetch = usePrefetch()
  // The next string is what a translator opens next: have it ready before the click.
  useEffect(() => {
    if (unit.data && next) prefetch('get_unit', { unit: next })
  }, [unit.data?.id, next])
  return (
    <>
      <nav aria-label="Strings" className="pager">
        <Link href="/strings">All strings</Link>
        <button type="button" disabled={!prev} onClick={() => go(prev)}>Previous string</button>
        <button type="button" disabled={!next} onClick={() => go(next)}>Next string</button>
      </nav>
      <h1>String</h1>
      <Problem error={unit.error} />
      {unit.data ? (
        <div className="editor-layout">
          <div>
            <section aria-labelledby="source-h" className="card">
              <h2 id="source-h">Source</h2>
              <p className="source"><TokenText text={unit.data.source_text} /></p>
              {unit.data.source_plural ? <dl>{Object.entries(unit.data.source_plural).map(([k, t]) => <div key={k}><dt>{k}</dt><dd><TokenText text={t} /></dd></div>)}</dl> : null}
            </section>
            {locale ? <TranslationEditor unit={unit.data} locale={locale} /> : <p>Choose a locale on the strings page to edit a translation.</p>}
            <OtherLocales unit={unit.data} locale={locale} />
          </div>
          <UnitContext unit={unit.data} locale={locale} />
        </div>
      ) : null}
    </>
  )
}

/** The translation in one locale: a token editor per plural form (the locale's CLDR categories) or one for the text. */
function TranslationEditor({ unit, locale }: { unit: Unit; locale: string }) {
  const current = unit.translations.find((t) => t.locale === locale)
  const categories = unit.source_plural ? new Intl.PluralRules(locale).resolvedOptions().pluralCategories : []
  const resetKey = `${unit.id}:${locale}:${current?.updated_at ?? ''}`
  const [text, setText] = useState(current?.text ?? '')
  const [plural, setPlural] = useState<Record<string, string>>(current?.plural ?? {})
  useEffect(() => {
    setText(current?.text ?? '')
    setPlural(current?.plural ?? {})
  }, [resetKey])
  const save = useWrite('set_translation')
  const review = useWrite('review_translations')
  const retranslate = useWrite('translate')
  const [note, setNote] = useState('')
  // An instruction for the model, sent with Retranslate (translate's note), apart from the note kept with a translation.
  const [instruction, setInstruction] = useState('')
  const saveAs = (status: 'reviewed' | 'approved') =>
    save.mutate({ unit: unit.id, locale, status, text: unit.source_plural ? (plural.other ?? text) : text, ...(unit.source_plural ? { plural } : {}), ...(note ? { note } : {}) })
  const done = save.isSuccess ? 'Saved.' : review.isSuccess ? 'Approved.' : retranslate.isSuccess ? `Retranslation queued (job ${retranslate.data.job_id}).` : ''

  return (
    <section aria-labelledby="translation-h" className="card">
      <h2 id="translation-h">Translation ({locale})</h2>
      <p>Status: <span className={`status ${current?.status ?? 'missing'}`}>{current?.status ?? 'missing'}</span>{current ? <span className="muted"> · by {current.origin}, {when(current.updated_at)}</span> : null}</p>
      {unit.source_plural ? (
        categories.map((c) => (
          <div key={c} className="field">
            <span id={`form-${c}`} className="label">Plural form {c}</span>
            <TokenEditor label={`Translation, plural form ${c}`} lang={locale} value={plural[c] ?? ''} resetKey={`${resetKey}:${c}`} onChange={(t) => setPlural((p) => ({ ...p, [c]: t }))} />
          </div>
        ))
      ) : (
        <div className="field">
          <TokenEditor label={`Translation in ${locale}`} lang={locale} value={text} resetKey={resetKey} onChange={setText} describedBy="warnings"
            onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); saveAs('reviewed') } }} />
        </div>
      )}
      <div id="warnings" aria-live="polite">
        {current?.warnings.length ? <ul className="warnings">{current.warnings.map((w, i) => <li key={i}><strong>{w.check}</strong>{w.form ? ` (${w.form})` : ''}: {w.message}</li>)}</ul> : null}
      </div>
      <div className="field">
        <label htmlFor="note">Note (kept with the translation)</label>
        <input id="note" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="actions">
        <button type="button" onClick={() => saveAs('reviewed')} disabled={save.isPending}>Save as reviewed</button>
        <button type="button" onClick={() => (current && current.text === text && !unit.source_plural ? review.mutate({ locale, units: [unit.id], status: 'approved' }) : saveAs('approved'))} disabled={save.isPending || review.isPending}>Approve</button>
      </div>
      <div className="retranslate">
        <div className="field">
          <label htmlFor="instruction">Instruction for the retranslation (optional)</label>
          <input id="instruction" value={instruction} maxLength={2000} placeholder="e.g. use the informal du" onChange={(e) => setInstruction(e.target.value)} />
        </div>
        <button type="button" onClick={() => retranslate.mutate({ locales: [locale], units: [unit.id], ...(instruction.trim() ? { note: instruction.trim() } : {}) })} disabled={retranslate.isPending}>Retranslate</button>
      </div>
      <p role="status">{done}</p>
      <Problem error={save.error ?? review.error ?? retranslate.error} />
      <History unit={unit} locale={locale} />
    </section>
  )
}

function History({ unit, locale }: { unit: Unit; locale: string }) {
  const history = unit.translations.find((t) => t.locale === locale)?.history ?? []
  if (history.length === 0) return null
  return (
    <details>
      <summary>History ({history.length})</summary>
      <ol className="history">
        {history.map((h, i) => {
          const after = h.after as { text?: string; status?: string } | null
          return <li key={i}>{when(h.at)} · {h.actor.name} ({h.surface}): {after?.text ?? ''} <span className="muted">{after?.status ?? ''}</span></li>
        })}
      </ol>
    </details>
  )
}

function OtherLocales({ unit, locale }: { unit: Unit; locale: string }) {
  const others = unit.translations.filter((t) => t.locale !== locale)
  if (others.length === 0) return null
  return (
    <section aria-labelledby="others-h" className="card">
      <h2 id="others-h">Other locales</h2>
      <ul>{others.map((t) => <li key={t.locale}><Link href={`/strings/${unit.id}?locale=${encodeURIComponent(t.locale)}`}>{t.locale}</Link>: <span lang={t.locale}>{t.text}</span> <span className={`status ${t.status}`}>{t.status}</span></li>)}</ul>
    </section>
  )
}
