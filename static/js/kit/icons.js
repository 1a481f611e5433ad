// The site's icons in scripts: icon("trophy") is an inline <svg> drawing the page's
// <symbol id="icon-trophy"> (templates/_icons.html, included in every page; the names are
// core/icons.py's), the same markup as the templates' {% icon "trophy" %}. Decorative
// (aria-hidden) unless given { label }, which makes it an image with that accessible name.
const SVG = "http://www.w3.org/2000/svg";

export function icon(name, { label = "" } = {}) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const title = document.createElementNS(SVG, "title");
    title.textContent = label;
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#icon-${name}`);
  svg.append(use);
  return svg;
}
