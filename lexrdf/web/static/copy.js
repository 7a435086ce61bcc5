/* Copy buttons: a button[data-copy] copies the text of the element whose id it names. Without script the
   button stays hidden and the text can be selected as usual. */
(function () {
  "use strict";
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "absolute";
    area.style.left = "-9999px";
    document.body.appendChild(area);
    area.select();
    var done = document.execCommand("copy");
    document.body.removeChild(area);
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) { return; }
    var status = button.parentElement.querySelector(".copied");
    button.hidden = false;
    button.addEventListener("click", function () {
      copyText(source.textContent.trim()).then(
        function () { if (status) { status.textContent = "Copied."; } },
        function () { if (status) { status.textContent = "Select the citation and copy it."; } }
      );
    });
  });
})();
