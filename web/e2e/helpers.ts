import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { expect, type Page } from "@playwright/test";

import { AuthService, Role, UserService, type User } from "../src/gen/eris/identity/v1/identity_pb";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://localhost:8080";
/** The demo users' password. */
export const PASSWORD = process.env.E2E_PASSWORD ?? "eris-demo-2026";
/** The default password a new or reset user signs in with once. */
export const RESET_PASSWORD = process.env.E2E_RESET_PASSWORD ?? "Welcome-to-Eris-1";

export const DEMO = {
  management: "management@eris.test",
  admin: "admin@eris.test",
  sales: "sales@eris.test",
  sales2: "sales2@eris.test",
  care: "care@eris.test",
} as const;

/** A unique suffix per run and call, so tests can run again and again on the same database. */
export function unique(tag: string): { name: string; email: string } {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `E2E ${tag} ${stamp}`, email: `e2e-${tag.toLowerCase()}-${stamp}@eris.test` };
}

/** Signs in through the login form and waits until the app has moved on. */
export async function signIn(page: Page, email: string, password = PASSWORD, landing = "/Dashboard") {
  await page.goto("/");
  await page.getByLabel("Login", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`${landing}$`));
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
}

export function mainMenu(page: Page) {
  return page.getByRole("navigation", { name: "Main menu" });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem("eris_token"));
}

/** Clients of the real API from the test process, signed in as someone. */
export interface Api {
  token: string;
  auth: Client<typeof AuthService>;
  users: Client<typeof UserService>;
}

export async function apiAs(email: string, password = PASSWORD): Promise<Api> {
  let token = "";
  const bearer: Interceptor = (next) => async (req) => {
    if (token) req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createGrpcWebTransport({ baseUrl: BASE_URL, interceptors: [bearer] });
  const auth = createClient(AuthService, transport);
  const res = await auth.signIn({ username: email, password });
  token = res.token;
  return { token, auth, users: createClient(UserService, transport) };
}

/** A fresh user made by Management through the API; it starts with a forced reset. */
export async function createTestUser(tag: string, role = Role.SALES): Promise<User> {
  const management = await apiAs(DEMO.management);
  const { name, email } = unique(tag);
  const { user } = await management.users.createUser({ user: { name, email, job: "E2E", role } });
  if (!user) throw new Error("CreateUser answered without a user");
  return user;
}

/** A fresh user whose forced reset is already done; returns the user and the password now set. */
export async function createReadyUser(tag: string, role = Role.SALES): Promise<{ user: User; password: string }> {
  const user = await createTestUser(tag, role);
  const password = `E2e-${Date.now()}-pw`;
  const self = await apiAs(user.email, RESET_PASSWORD);
  await self.auth.changePassword({ currentPassword: RESET_PASSWORD, newPassword: password });
  return { user, password };
}

/** Opens Add User on the Admin Users tab and fills the dialog; returns the dialog, not yet saved. */
export async function fillAddUser(page: Page, fields: { name: string; email: string; role: string; job?: string }) {
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(fields.name);
  await dialog.getByLabel("Email").fill(fields.email);
  if (fields.job !== undefined) await dialog.getByLabel("Job").fill(fields.job);
  await dialog.getByLabel("Role").selectOption({ label: fields.role });
  return dialog;
}

/** Management adds a user through the Admin screen, then signs out. */
export async function addUserThenSignOut(page: Page, fields: { name: string; email: string; role: string }) {
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  const dialog = await fillAddUser(page, fields);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User Added !")).toBeVisible();
  await signOut(page);
}
