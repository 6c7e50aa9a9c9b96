import { expect, test } from "@playwright/test";

import { DEMO, mainMenu, signIn } from "./helpers";

test("a Sales user has no Admin screen and the server refuses the admin calls", async ({ page }) => {
  await signIn(page, DEMO.sales);
  await expect(mainMenu(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(mainMenu(page).getByRole("link", { name: "Rate Types" })).toHaveCount(0);

  await page.goto("/Admin");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add User" })).toHaveCount(0);
  await page.goto("/RateTypes");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();

  const statuses = await page.evaluate(async () => {
    const token = window.localStorage.getItem("eris_token") ?? "";
    const create = await fetch("/api/newUser", {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify({ Name: "x", Email: "x@x.test", Job: "x", Role: "Sales" }),
    });
    const list = await fetch("/api/user/getAllUsers", { headers: { authorization: token } });
    return { create: create.status, list: list.status };
  });
  expect(statuses.create).toBe(403);
  expect(statuses.list).toBe(200);
});
