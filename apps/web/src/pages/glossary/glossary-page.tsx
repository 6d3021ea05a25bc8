import { useState } from 'react'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'

/** Glossary terms (add, change, delete) and standing translation rules (add, edit, switch off). */
export function GlossaryPage() {
  return (
    <>
      <h1>Glossary &amp; rules</h1>
      <Glossary />
      <Rules />
    </>
  )
}

function Glossary() {
  const terms = useOp('list_glossary', {})
  const upsert = useWrite('upsert_glossary_term')
  const remove = useWrite('delete_glossary_term')
  const [term, setTerm] = useState('')
  const [dnt, setDnt] = useState(false)
  const [locale, setLocale] = useState('')
  const [translation, setTranslation] = useState('')
  return (
    <section aria-labelledby="glossary-h">
      <h2 id="glossary-h">Glossary</h2>
      <form className="card" onSubmit={(e) => {
        e.preventDefault()
        upsert.mutate({ term, do_not_translate: dnt, ...(locale && translation ? { translations: { [locale]: translation } } : {}) }, { onSuccess: () => { setTerm(''); setTranslation('') } })
      }}>
        <div className="field"><label htmlFor="term">Term</label><input id="term" value={term} onChange={(e) => setTerm(e.target.value)} required /></div>
        <div className="field check"><input id="dnt" type="checkbox" checked={dnt} onChange={(e) => setDnt(e.target.checked)} /><label htmlFor="dnt">Do not translate (brand or product name)</label></div>
        <div className="row">
          <div className="field"><label htmlFor="term-locale">Locale</label><input id="term-locale" value={locale} onChange={(e) => setLocale(e.target.value)} /></div>
          <div className="field"><label htmlFor="term-translation">Required translation</label><input id="term-translation" value={translation} onChange={(e) => setTranslation(e.target.value)} /></div>
        </div>
        <button type="submit" disabled={upsert.isPending}>Save term</button>
        <Problem error={upsert.error} />
      </form>
      <Problem error={terms.error ?? remove.error} />
      <table>
        <thead><tr><th scope="col">Term</th><th scope="col">Translations</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {terms.data?.terms.map((t) => (
            <tr key={t.id}>
              <td>{t.term}{t.do_not_translate ? <span className="muted"> (do not translate)</span> : null}</td>
              <td>{Object.entries(t.translations).map(([l, x]) => `${l}: ${x}`).join(', ')}</td>
              <td><button type="button" onClick={() => remove.mutate({ term: t.term })}>Delete {t.term}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Rules() {
  const rules = useOp('list_rules', {})
  const add = useWrite('add_rule')
  const update = useWrite('update_rule')
  const [body, setBody] = useState('')
  const [locale, setLocale] = useState('')
  return (
    <section aria-labelledby="rules-h">
      <h2 id="rules-h">Rules</h2>
      <form className="card" onSubmit={(e) => { e.preventDefault(); add.mutate({ body, locale: locale || null }, { onSuccess: () => setBody('') }) }}>
        <div className="field"><label htmlFor="rule-body">Instruction for every translation</label><textarea id="rule-body" value={body} onChange={(e) => setBody(e.target.value)} required rows={2} /></div>
        <div className="field"><label htmlFor="rule-locale">Locale (empty: every language)</label><input id="rule-locale" value={locale} onChange={(e) => setLocale(e.target.value)} /></div>
        <button type="submit" disabled={add.isPending}>Add rule</button>
        <Problem error={add.error} />
      </form>
      <Problem error={rules.error ?? update.error} />
      <ul className="rules">
        {rules.data?.rules.map((r) => (
          <li key={r.id} className={r.active ? '' : 'inactive'}>
            <span>{r.locale ?? 'all'}: {r.body}</span>{' '}
            <button type="button" onClick={() => update.mutate({ rule: r.id, active: !r.active })}>{r.active ? 'Switch off' : 'Switch on'}<span className="visually-hidden"> rule {r.body}</span></button>
          </li>
        ))}
      </ul>
    </section>
  )
}
