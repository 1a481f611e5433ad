// The site's formatting helpers: the translated strings the scripts get (labels.js) keep
// Django's python-format placeholders, so one shape serves the templates and the scripts.

// "%(name)s played %(card)s" with {name: "Ann", card: 4} → "Ann played 4"; a placeholder
// without a value is left as it is.
export function format(text, params = {}) {
  return String(text).replace(/%\((\w+)\)s/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

// The label "key", or "key_one" when count is 1 and the labels have it ("1 card", "2 cards"),
// formatted with params.
export function counted(labels, key, count, params = {}) {
  const text = count === 1 && labels[`${key}_one`] ? labels[`${key}_one`] : labels[key];
  return format(text, params);
}

// A share (0..1) as a percentage: percent(0.4567) → "45.7%".
export function percent(share, digits = 1) {
  return `${(share * 100).toFixed(digits)}%`;
}

// Sentences joined into one line: a space between them, none after a Japanese full stop or
// other full-width closing mark (。！？」), as Japanese text sets none.
export function sentences(...parts) {
  return parts.filter(Boolean).reduce((line, part) => (line === "" ? part : `${line}${/[。！？」）]$/.test(line) ? "" : " "}${part}`), "");
}
