/** A content text with its {{placeholders}} filled (an unknown one stays visible, never blank). */
export const fillText = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
