// Angular's i18n layout: `ng extract-i18n` writes src/locale/messages.xlf, translators keep src/locale/messages.<locale>.xlf
// (XLIFF 2.0 with `--format=xlf2`, else 1.2). Targets carry Angular's <pc>/<ph> (2.0) or <g>/<x> (1.2) markup, and
// texts the template wrapped over lines come with their line breaks and indentation.
import { describe, expect, it } from 'vitest'
import { fixture } from '../../test/fixtures.js'
import type { Entry } from '../format.js'
import { xliffFormat } from './index.js'

const { parse, render } = xliffFormat
const v20 = fixture('angular/src/locale/messages.fr.xlf')
const v12 = fixture('angular-1.2/src/locale/messages.fr_FR.xlf')
const fr = { locale: 'fr', sourceLocale: 'en' }

function edit(entries: Entry[], key: string, value: string): Entry[] {
  return entries.map((e) => (e.key === key ? { ...e, value } : e))
}

describe('xliff in an Angular repository (src/locale/messages.fr.xlf)', () => {
  const entries = parse(v20, { locale: 'fr' }).entries

  it('comes back byte for byte when nothing changed', () => {
    expect(render(v20, entries, fr)).toBe(v20)
    expect(render(v12, parse(v12, { locale: 'fr' }).entries, fr)).toBe(v12)
  })

  it('keeps the file\'s own spelling of the target language when an edit names the same locale', () => {
    const out = render(v20, edit(entries, 'welcomeUser', 'Salut'), fr)
    expect(out).toContain('trgLang="fr-FR"')
    expect(render(v20, edit(entries, 'welcomeUser', 'Salut'), { locale: 'fr-fr', sourceLocale: 'en' })).toContain('trgLang="fr-FR"')
    const v12out = render(v12, edit(parse(v12, {}).entries, 'itemCount', 'Rien'), { locale: 'fr-FR', sourceLocale: 'en' })
    expect(v12out).toContain('target-language="fr-fr"')
  })

  it('names another locale when the render is for one (fr-CA is not fr-FR)', () => {
    expect(render(v20, edit(entries, 'welcomeUser', 'Allô'), { locale: 'fr-CA', sourceLocale: 'en' })).toContain('trgLang="fr-CA"')
  })

  it('reads a wrapped target without the line breaks around it and writes an edit inside them, with no xml:space', () => {
    expect(entries.find((e) => e.key === 'introductionHeader')).toMatchObject({ value: 'Bonjour i18n !', source: 'Hello i18n!' })
    const out = render(v20, edit(entries, 'introductionHeader', 'Salut i18n !'), fr)
    expect(out).toContain('<target>\n  Salut i18n !\n</target>')
    expect(out).not.toContain('xml:space')
    expect(parse(out, { locale: 'fr' }).entries.find((e) => e.key === 'introductionHeader')!.value).toBe('Salut i18n !')
  })

  it('gives a new target the source\'s layout', () => {
    const out = render(v20, edit(entries, 'logout', 'Se déconnecter'), fr)
    expect(out).toContain('<source>\n      Log out\n    </source>\n        <target>\n      Se déconnecter\n    </target>')
    expect(parse(out, { locale: 'fr' }).entries.find((e) => e.key === 'logout')!.value).toBe('Se déconnecter')
  })

  it('keeps the line breaks of a multi-line target, and adds no xml:space where the file already wraps targets', () => {
    const value = 'En vous inscrivant, vous acceptez\n      nos <pc id="0" equivStart="START_LINK" equivEnd="CLOSE_LINK" type="link" dispStart="&lt;a&gt;" dispEnd="&lt;/a&gt;">conditions d\'utilisation</pc>.'
    const out = render(v20, edit(entries, 'termsNotice', value), fr)
    expect(out).toContain(`<target>${value}</target>`)
    expect(out).not.toContain('xml:space')
    expect(parse(out, {}).entries.find((e) => e.key === 'termsNotice')!.value).toBe(value)
  })

  it('keeps the inline markup an edited target still carries, even retyped with other spacing or quotes', () => {
    const retyped = 'Ravi de vous revoir, <pc id="0" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;"><ph id=\'1\' equiv="INTERPOLATION" disp="{{ user.name }}" /></pc> !'
    const out = render(v20, edit(entries, 'welcomeUser', retyped), fr)
    expect(out).toContain('<target>Ravi de vous revoir, <pc id="0" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;"><ph id="1" equiv="INTERPOLATION" disp="{{ user.name }}"/></pc> !</target>')
    const v12out = render(v12, edit(parse(v12, {}).entries, 'itemCount', 'Votre panier : <g ctype="x-b" id="START_BOLD_TEXT" equiv-text="&lt;b&gt;"><x id="INTERPOLATION" equiv-text="{{ count }}" /> articles</g>'), fr)
    expect(v12out).toContain('<target state="translated">Votre panier : <g id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"><x id="INTERPOLATION" equiv-text="{{ count }}"/> articles</g></target>')
  })
})
