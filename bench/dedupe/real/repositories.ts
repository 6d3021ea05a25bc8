// The source-locale files of /work/shared/corpus (SOURCES.md) that bench/dedupe's labelled pairs come from, one
// workspace per repository as a team would hold them. Paths are relative to the corpus; the files stay there.
export const REPOSITORIES: Record<string, readonly string[]> = {
  tolgee: ['json/tolgee-webapp-en.json'],
  lemmy: ['json/lemmy-frontend-en.json'],
  mastodon: ['json/mastodon-ios-en.lproj-app.json', 'strings/mastodon-ios-en.lproj/Localizable.strings'],
  etar: ['android/etar-values/strings.xml', 'android/etar-values/arrays.xml'],
  fluffychat: ['arb/fluffychat-intl_en.arb'],
  gallery: ['arb/flutter-gallery-intl_en.arb'],
  crowdin: ['properties/crowdin-cli-messages.properties'],
  humanizer: ['resx/humanizer-Resources.resx'],
  symfony: ['xliff12/symfony-validators.en.xlf'],
  hibernate: ['properties/hibernate-validator-ValidationMessages.properties'],
  rails: ['yaml/rails-i18n-en.yml'],
  sparkle: ['strings/sparkle-Base.lproj/Sparkle.strings', 'strings/sparkle-en.lproj/SUUpdatePermissionPrompt.strings'],
  whisky: ['xcstrings/whisky-Localizable.xcstrings'],
}
