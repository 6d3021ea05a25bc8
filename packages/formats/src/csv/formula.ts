// Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with = + - @, a tab or
// a CR runs as a formula when the file is opened in Excel or LibreOffice. Cells we write get a
// leading apostrophe, which spreadsheets show as text; reading strips that one apostrophe again,
// so Tolk's values round-trip. Bytes we do not rewrite are kept as they are.

const TRIGGER = /^'*[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?\d[\d.,]*%?$/

/** True when a value would start a formula in a spreadsheet (a plain signed number does not). */
export function startsFormula(value: string): boolean {
  return TRIGGER.test(value) && !PLAIN_NUMBER.test(value)
}

/** The text to put in a cell: formula-like values get one leading apostrophe. */
export function neutralizeFormula(value: string): string {
  return startsFormula(value) ? `'${value}` : value
}

/** Undoes neutralizeFormula on a cell we read. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && startsFormula(cell.slice(1)) ? cell.slice(1) : cell
}
