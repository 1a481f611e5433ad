// Runs before the page is drawn (a plain script in <head>, not a module): marks the page as
// scripted so that the stylesheet can fold the phone header's menu from the first paint.
document.documentElement.classList.add("js");
