import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import "@blueprintjs/core/lib/css/blueprint.css";
import "@blueprintjs/icons/lib/css/blueprint-icons.css";

import { App } from "./app/App";
import { preloadLanding } from "./app/routes";
import { loadIconsOneByOne } from "./lib/iconLoading";
import "./styles/theme.css";

loadIconsOneByOne();
preloadLanding(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
