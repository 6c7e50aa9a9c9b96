/** Texts of the login screen, word for word from the spec. */
export const LOGIN_TEXTS = {
  title: "Eris",
  subtitle: "Energy brokerage CRM",
  loginLabel: "Login",
  passwordLabel: "Password",
  submit: "Login",
  forgotPassword: "Forgot Password",
  failed: "Incorrect login or password.",
} as const;
