// A strict RFC 4180 reader for tests: quoted fields may hold commas, doubled quotes, CR and
// LF; records end with CRLF. It throws on anything a conforming writer would not produce.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && field === "") {
      // A quoted field, up to its closing quote.
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("Unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      if (i < text.length && text[i] !== "," && text[i] !== "\r") throw new Error(`Text after a closing quote at ${i}`);
      continue;
    }
    if (char === ",") {
      endField();
      i++;
    } else if (char === "\r") {
      if (text[i + 1] !== "\n") throw new Error(`A bare CR at ${i}`);
      endField();
      rows.push(row);
      row = [];
      i += 2;
    } else if (char === "\n" || char === '"') {
      throw new Error(`A bare ${char === "\n" ? "LF" : "quote"} at ${i}`);
    } else {
      field += char;
      i++;
    }
  }
  if (field !== "" || row.length > 0) throw new Error("The last record does not end with CRLF");
  return rows;
}
