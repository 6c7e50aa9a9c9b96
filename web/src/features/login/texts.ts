/** Texts of the login screen, word for word from the spec except `unavailable`. */
export const LOGIN_TEXTS = {
  title: "Eris",
  subtitle: "Energy brokerage CRM",
  loginLabel: "Login",
  passwordLabel: "Password",
  submit: "Login",
  forgotPassword: "Forgot Password",
  failed: "Incorrect login or password.",
  /** When the server refuses sign-ins for a while without saying why. */
  unavailable: "Sign-in is unavailable right now. Please try again in a moment.",
} as const;
