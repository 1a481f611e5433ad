// Requests from the page to the site's own API and views, with the page's session.

// A write: the body as JSON, the CSRF token of the page, asking for `accept` (JSON unless told).
// `keepalive`: the browser completes the request even if the page is going away.
export function send(url, { method = "POST", body, csrf, accept = "application/json", keepalive = false }) {
  return fetch(url, {
    method,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: accept, "X-CSRFToken": csrf },
    body: JSON.stringify(body),
    keepalive,
  });
}

// A read asking for `accept` (JSON unless told); `signal` (an AbortController's) may cancel it.
export function get(url, { signal, accept = "application/json" } = {}) {
  return fetch(url, { credentials: "same-origin", headers: { Accept: accept }, signal });
}
