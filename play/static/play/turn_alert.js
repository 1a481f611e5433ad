// The "your turn" alert of the table: while it is the player's turn the page's title starts
// with the label ("Your turn! · Lama · Table · …") and the favicons get a dot; both go back
// when the turn passes. With the sound toggle on (a checkbox, remembered in localStorage under
// SOUND_KEY) a short tone plays when the turn becomes the player's. The tone is made by the Web
// Audio API: no file to load.
//
//   const alert = turnAlert({ label, toggle });   toggle: the <input type="checkbox"> or null
//   alert.update(mine)                            mine: is it the player's turn now?
export const SOUND_KEY = "play.turn_sound";

const DOT_ICON = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='#5b3a8c'/>"
  + "<text x='7' y='12' font-size='11' text-anchor='middle' fill='white' font-family='sans-serif'>E</text>"
  + "<circle cx='12.5' cy='3.5' r='3.5' fill='#f2b705' stroke='white' stroke-width='1'/></svg>");

function storedSound() {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch (error) {
    return false;
  }
}

function storeSound(on) {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch (error) {
    // Private mode: the choice lasts for this page only.
  }
}

let audio = null;

function tone() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.4);
  } catch (error) {
    // No audio here: the title and the icon still say it.
  }
}

export function turnAlert({ label, toggle }) {
  const baseTitle = document.title;
  // Every icon the page offers (an .ico and an SVG): the browser shows one of them.
  const icons = [...document.querySelectorAll("link[rel~=icon]")].map((link) => [link, link.getAttribute("href")]);
  let mine = false;
  if (toggle) {
    toggle.checked = storedSound();
    toggle.addEventListener("change", () => {
      storeSound(toggle.checked);
      if (toggle.checked) tone();
    });
  }
  return {
    update(now) {
      if (now === mine) return;
      mine = now;
      document.title = mine ? `${label} · ${baseTitle}` : baseTitle;
      document.documentElement.dataset.yourTurn = mine ? "yes" : "no";
      for (const [link, href] of icons) link.setAttribute("href", mine ? DOT_ICON : href);
      if (mine && toggle && toggle.checked) tone();
    },
  };
}
