// The words a page's scripts show reach them one way: the view puts a dict of translated strings
// in the template's context and the template renders it with Django's json_script
// ({{ labels|json_script:"builder-labels" }}, a <script type="application/json"> block the
// Content-Security-Policy allows); a script reads it with labels(). Placeholders are
// python-format ("%(count)s"), filled by text.js's format.
import { readJSON } from "./dom.js";

// The label blocks of the page named by ids, merged (a later block's keys over an earlier
// one's); a block the page does not have adds nothing.
export function labels(...ids) {
  return Object.assign({}, ...ids.map(readJSON));
}
