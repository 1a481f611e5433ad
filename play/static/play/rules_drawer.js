// The rules drawer of a table (play/rules/_drawer.html): the game's how-to-play page is framed
// and loaded only when the drawer is first opened, so a table costs nothing until then.
const drawer = document.getElementById("rules-drawer");
const frame = document.getElementById("rules-frame");
if (drawer && frame) {
  drawer.addEventListener("toggle", () => {
    if (drawer.open && !frame.getAttribute("src")) frame.setAttribute("src", frame.dataset.src);
  });
}
