// Times in the reader's own time zone: every <time datetime="…" data-local="datetime|date"> the
// server wrote (core/templatetags/local_time.py, in the site's time zone) is said again with the
// browser's time zone and the page's language, as the scripts' own times are.
import { pageLanguage } from "./names.js";

const STYLES = {
  datetime: { dateStyle: "short", timeStyle: "short" },
  date: { dateStyle: "long" },
};

export function localizeTimes(root = document) {
  root.querySelectorAll("time[data-local][datetime]").forEach((element) => {
    const moment = new Date(element.getAttribute("datetime"));
    const style = STYLES[element.dataset.local];
    if (Number.isNaN(moment.getTime()) || !style) return;
    element.textContent = new Intl.DateTimeFormat(pageLanguage(), style).format(moment);
  });
}
