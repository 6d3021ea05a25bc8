/** The CLI's version; a unit test keeps it equal to package.json's. */
export const VERSION = '0.1.0'

/** The User-Agent of every request: the API maps `tolk-cli/` to activity surface cli. */
export const USER_AGENT = `tolk-cli/${VERSION} (node ${process.versions.node})`
