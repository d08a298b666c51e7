/**
 * JSON.parse that never rounds: any number that is not a safe integer
 * (decimals, int64 ids past 2^53, exponents) arrives as its source text.
 * Strings are matched whole first, so digits inside them are never touched.
 */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

export function parseJsonLossless(text: string): unknown {
  const quoted = text.replace(TOKEN, (token) => {
    if (token.charCodeAt(0) === 34) return token;
    if (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) return token;
    return `"${token}"`;
  });
  return JSON.parse(quoted);
}
