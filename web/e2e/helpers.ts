import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";

import { AuthService, Role, UserService, type User } from "../src/gen/eris/identity/v1/identity_pb";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://localhost:8080";
/** The demo users' password. */
export const PASSWORD = process.env.E2E_PASSWORD ?? "eris-demo-2026";

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

/** The page does not scroll sideways: wide tables scroll inside their own box. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
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

/**
 * Sign-ins in flight, by user: calls made at the same moment (a test's Promise.all) share one.
 * The server counts every attempt until it succeeds, so a burst of sign-ins of one account is
 * slowed like a burst of guesses. Settled sign-ins are not kept: tokens die with sign-outs and
 * role changes between tests.
 */
const signingIn = new Map<string, Promise<Api>>();

export function apiAs(email: string, password = PASSWORD): Promise<Api> {
  const key = `${email}\n${password}`;
  const pending = signingIn.get(key);
  if (pending) return pending;
  const signIn = newApi(email, password).finally(() => signingIn.delete(key));
  signingIn.set(key, signIn);
  return signIn;
}

async function newApi(email: string, password: string): Promise<Api> {
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

/**
 * A fresh user made by Management through the API; it starts with a forced reset, and signs in once
 * with the one-time password CreateUser answered.
 */
export async function createTestUser(tag: string, role = Role.SALES): Promise<{ user: User; oneTimePassword: string }> {
  const management = await apiAs(DEMO.management);
  const { name, email } = unique(tag);
  const { user, oneTimePassword } = await management.users.createUser({ user: { name, email, job: "E2E", role } });
  if (!user || !oneTimePassword) throw new Error("CreateUser answered without a user or a one-time password");
  return { user, oneTimePassword };
}

/** A fresh user whose forced reset is already done; returns the user and the password now set. */
export async function createReadyUser(tag: string, role = Role.SALES): Promise<{ user: User; password: string }> {
  const { user, oneTimePassword } = await createTestUser(tag, role);
  const password = `E2e-${Date.now()}-pw`;
  const self = await apiAs(user.email, oneTimePassword);
  await self.auth.changePassword({ currentPassword: oneTimePassword, newPassword: password });
  return { user, password };
}

/**
 * Reads the one-time password from the dialog shown after Add User or Reset Password (focused, in
 * a read-only field), then closes the dialog with Done.
 */
export async function takeOneTimePassword(page: Page, userName: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: `One-time password for ${userName}` });
  const field = dialog.getByLabel("One-time password");
  await expect(field).toBeFocused();
  await expect(field).not.toBeEditable();
  await expect(dialog.getByText(/^Works once, until \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  const password = await field.inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return password;
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

/** Management adds a user through the Admin screen, then signs out; returns the user's one-time password. */
export async function addUserThenSignOut(
  page: Page,
  fields: { name: string; email: string; role: string },
): Promise<string> {
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  const dialog = await fillAddUser(page, fields);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User Added !")).toBeVisible();
  const oneTimePassword = await takeOneTimePassword(page, fields.name);
  await signOut(page);
  return oneTimePassword;
}

/**
 * A test whose `signedIn(email)` signs someone in, each in a browser context (a session) of their
 * own, closed when the test ends: for screens two people use at once.
 */
export const peopleTest = base.extend<{ signedIn: (email: string) => Promise<Page> }>({
  signedIn: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (email) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, email);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
