// CSV as RFC 4180 writes it: CRLF line ends, and a field holding a comma, a double quote, CR
// or LF is quoted, its quotes doubled. Text that a spreadsheet would run as a formula (it
// starts with = + - @, a tab or a carriage return) gets a leading apostrophe, so an exported
// customer name can never execute in Excel or Sheets (OWASP "CSV injection").

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that cannot start a formula; numbers are written as they are. */
export function neutraliseFormula(value: string) {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: CsvValue) {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]) {
  return `${values.map(csvCell).join(",")}\r\n`;
}
