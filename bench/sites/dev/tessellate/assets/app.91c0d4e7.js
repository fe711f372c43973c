!function () {
  "use strict";
  var n = function (n) {
      return document.createElement(n);
    },
    e = function (n, e) {
      for (var t in e) n[t] = e[t];
      return n;
    };
  const K = { lang: "de", routes: { home: "#/", pricing: "#/pricing", about: "#/about" } };
  const Dt = {
    home: {
      title: "Tessellate",
      tagline: "Fliesenpläne in Minuten statt Stunden",
      intro:
        "Tessellate rechnet für Fliesenleger aus, wie viele Fliesen, Kleber und Fugenmasse ein Raum braucht, und zeichnet den Verlegeplan mit jedem Schnitt.",
      features: [{
        title: "Verlegeplan mit Schnittliste",
        text: "Jeder Schnitt ist vermessen, bevor die erste Fliese liegt.",
      }, {
        title: "Materialliste für den Großhandel",
        text: "Bestellt wird per Klick beim Händler Ihrer Wahl.",
      }, { title: "Aufmaß per Handy-Foto", text: "Zwei Fotos je Wand genügen für das Aufmaß." }],
    },
    pricing: {
      heading: "Preise",
      plans: [{
        name: "Solo",
        price: "19 € pro Monat",
        detail: "Für einen Betrieb mit einem Meister",
      }, { name: "Betrieb", price: "49 € pro Monat", detail: "Bis zu zehn Mitarbeitende" }],
      note: "Alle Preise zzgl. MwSt. 14 Tage kostenlos testen.",
    },
    about: {
      heading: "Über uns",
      story:
        "Tessellate wurde 2021 in Graz gegründet. Die Gründer sind selbst gelernte Fliesenleger und Softwareentwickler.",
      team: [{
        name: "Lukas Pichler",
        role: "Mitgründer und Geschäftsführer",
        linkedin: "https://www.linkedin.com/in/lukaspichler",
      }, {
        name: "Selin Aydın",
        role: "Mitgründerin und CTO",
        github: "https://github.com/selinaydin",
      }],
      press: [{
        outlet: "Kleine Zeitung",
        headline: "Grazer Start-up digitalisiert das Fliesenlegen",
      }],
    },
    contact: {
      email: "servus@tessellate.example",
      address: "Annenstraße 23, 8020 Graz, Österreich",
      social: {
        instagram: "https://www.instagram.com/tessellate.app",
        linkedin: "https://www.linkedin.com/company/tessellate-app",
      },
    },
  };
  function r(t) {
    var o = location.hash.replace(/^#\/?/, "") || "home",
      a = Dt[o] || Dt.home,
      i = document.getElementById("app");
    i.innerHTML = "";
    var c = n("h1");
    c.textContent = a.title || a.heading, i.appendChild(c);
    (a.features || a.plans || a.team || []).forEach(function (f) {
      i.appendChild(e(n("p"), { textContent: f.title || f.name }));
    });
  }
  window.addEventListener("hashchange", r), r();
}();
