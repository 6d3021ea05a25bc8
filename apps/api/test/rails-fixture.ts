// A Rails application's config/locales, written for the review-queue tests in the shape real apps have:
// - two file families, `config/locales/{locale}.yml` (the app) and `config/locales/devise.{locale}.yml` (the gem's);
// - a top-level locale key, nested scopes, `%{name}` interpolation, single- and double-quoted scalars;
// - plurals with an explicit `zero:` form in English and German, which Rails i18n reads for a count of 0 in every
//   language (I18n::Backend::Base#pluralize takes :zero when the entry has it), kept on purpose;
// - German translations with the faults a real file has: `...` where the source writes `…`, a question turned into a
//   statement, strings left in English, the brand name translated, an interpolation dropped.
// An Android app (app/src/main/res/values-de/strings.xml) carries a `quantity="zero"` German does not use: Android
// ignores it there, so it stays a finding.
import { ok, type Ws } from './units-fixture.js'

const EN_APP = `en:
  inbox:
    title: "Inbox"
    loading: "Loading…"
    messages:
      zero: "No messages"
      one: "1 message"
      other: "%{count} messages"
  notifications:
    unread:
      zero: "You are all caught up"
      one: "1 unread notification"
      other: "%{count} unread notifications"
  posts:
    saving: "Saving…"
    uploading: "Uploading…"
    delete_confirm: "Delete this post?"
    hide_confirm: "Hide this post?"
    greeting: "Welcome back, %{name}"
    shared_by: "Shared by %{name}"
    comments:
      one: "1 comment"
      other: "%{count} comments"
  pod:
    about: 'About this Pod'
    join: "Join the Pod"
  settings:
    newsletter: "Newsletter"
    dashboard: "Dashboard"
    privacy: "Privacy settings"
`

const DE_APP = `de:
  inbox:
    title: "Posteingang"
    loading: "Laden..."
    messages:
      zero: "Keine Nachrichten"
      one: "1 Nachricht"
      other: "%{count} Nachrichten"
  notifications:
    unread:
      zero: "Du bist auf dem neuesten Stand"
      one: "1 ungelesene Benachrichtigung"
      other: "%{count} ungelesene Benachrichtigungen"
  posts:
    saving: "Speichern..."
    uploading: "Hochladen..."
    delete_confirm: "Diesen Beitrag löschen"
    hide_confirm: "Diesen Beitrag verbergen"
    greeting: "Willkommen zurück"
    shared_by: "Geteilt von %{name}"
    comments:
      one: "1 Kommentar"
      other: "%{count} Kommentare"
  pod:
    about: 'Über diesen Server'
    join: "Dem Server beitreten"
  settings:
    newsletter: "Newsletter"
    dashboard: "Dashboard"
    privacy: "Datenschutz-Einstellungen"
`

const EN_DEVISE = `en:
  devise:
    failure:
      locked: "Your account is locked."
      unconfirmed: "You have to confirm your email address before continuing."
    sessions:
      signed_in: "Signed in successfully."
      signed_out: "Signed out successfully."
`

const DE_DEVISE = `de:
  devise:
    failure:
      locked: "Dein Konto ist gesperrt."
      unconfirmed: "Du musst deine E-Mail-Adresse bestätigen, bevor du fortfahren kannst."
    sessions:
      signed_in: "Erfolgreich angemeldet."
      signed_out: "Erfolgreich abgemeldet."
`

const androidPlural = (lines: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <plurals name="photos">\n${lines}    </plurals>\n</resources>\n`
const EN_ANDROID = androidPlural('        <item quantity="one">%d photo</item>\n        <item quantity="other">%d photos</item>\n')
const DE_ANDROID = androidPlural('        <item quantity="zero">Keine Fotos</item>\n        <item quantity="one">%d Foto</item>\n        <item quantity="other">%d Fotos</item>\n')

/** Pushes the Rails app (project `pod`, German) and its glossary: "Pod" is the product's name, never translated. */
export async function pushRailsApp(ws: Ws): Promise<void> {
  await ok(ws.call('create_project', { name: 'Pod', slug: 'pod', target_locales: ['de'], auto_translate: false }))
  await ok(ws.call('upsert_glossary_term', { term: 'Pod', do_not_translate: true }))
  for (const [path, content] of [
    ['config/locales/en.yml', EN_APP], ['config/locales/devise.en.yml', EN_DEVISE],
    ['config/locales/de.yml', DE_APP], ['config/locales/devise.de.yml', DE_DEVISE],
  ] as const) await ok(ws.call('push_file', { project: 'pod', path, content }))
}

/** Pushes the Android app (project `android`, German) whose German plural carries a zero Android ignores. */
export async function pushAndroidApp(ws: Ws): Promise<void> {
  await ok(ws.call('create_project', { name: 'Android', slug: 'android', target_locales: ['de'], auto_translate: false }))
  await ok(ws.call('push_file', { project: 'android', path: 'app/src/main/res/values/strings.xml', locale: 'en', content: EN_ANDROID }))
  await ok(ws.call('push_file', { project: 'android', path: 'app/src/main/res/values-de/strings.xml', content: DE_ANDROID }))
}
