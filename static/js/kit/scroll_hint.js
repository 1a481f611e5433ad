// Tables wider than their box scroll sideways in a .table-wrap; a .table-scroll frame around one
// says so with its .scroll-hint line ("Scroll sideways for more columns →"), shown while the table
// overflows (class "overflows") and hidden once scrolled to its end (class "scrolled-end").
// The frame's shadows at the edges that have more are CSS alone (site.css).
// setUpScrollHints(root) sets up every frame under root not set up yet: the page's at load, and
// the deck builder's each time it draws its panel again.
export function setUpScrollHints(root = document) {
  for (const frame of root.querySelectorAll(".table-scroll:not([data-scroll-hint])")) {
    const wrap = frame.querySelector(".table-wrap");
    if (!wrap) continue;
    frame.dataset.scrollHint = "on";
    const update = () => {
      if (!frame.isConnected) {
        window.removeEventListener("resize", update);
        return;
      }
      frame.classList.toggle("overflows", wrap.scrollWidth > wrap.clientWidth + 1);
      frame.classList.toggle("scrolled-end", wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 1);
    };
    wrap.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    update();
  }
}
