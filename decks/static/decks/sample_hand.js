// The sample hand of the builder and of a deck's page: the list (`entries()`, [{code, count}])
// posted to the sample-hand view, whose answer (card faces: the 7 drawn, the 4 area cards, each
// turn's refill) fills #sample-result. Each draw uses a new random seed.
import { fill, h } from "../js/kit/dom.js";
import { send } from "../js/kit/http.js";

export function setUpSampleHand(entries, failed) {
  const section = document.getElementById("sample-hand");
  if (!section) return;
  const button = section.querySelector("#sample-button");
  const status = section.querySelector("#sample-status");
  const result = section.querySelector("#sample-result");
  const csrf = section.querySelector("input[name=csrfmiddlewaretoken]").value;
  button.addEventListener("click", async () => {
    button.disabled = true;
    fill(status);
    try {
      const seed = Math.floor(Math.random() * 2 ** 31);
      const response = await send(section.dataset.url, { body: { cards: entries(), seed }, csrf, accept: "text/html" });
      const text = await response.text();
      if (response.ok) {
        result.innerHTML = text;
      } else {
        fill(result);
        fill(status, h("p", { class: "form-error" }, text || failed));
      }
    } catch (error) {
      fill(status, h("p", { class: "form-error" }, failed));
    } finally {
      button.disabled = false;
    }
  });
}
