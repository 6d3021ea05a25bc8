// @tolk/core/paths: how locales are spelled in file paths, pure, for the CLI's bundle as for the server.
export {
  androidQualifier, androidText, localeOfQualifier, localeOfSlotText, localeText, pathFromPattern, slotText,
  type LocaleMap, type LocaleSlot,
} from './services/locale-path.js'
