import { Component, useEffect, type ReactNode } from "react";

import { Button, NonIdealState } from "@blueprintjs/core";
import { useRouteError } from "react-router";

import { SHELL_TEXTS } from "./texts";

export interface ScreenFailedProps {
  /** Shown with "Try again" when the screen can be tried again in place. */
  onRetry?: () => void;
}

/**
 * What shows instead of a screen whose code could not be fetched (a new release since the tab was
 * opened, or a dropped connection) or that failed to draw: the rest of the app stays, and the
 * person can try again in place or reload.
 */
export function ScreenFailed({ onRetry }: ScreenFailedProps) {
  return (
    <NonIdealState
      icon="error"
      title={SHELL_TEXTS.failedTitle}
      description={SHELL_TEXTS.failedBody}
      action={
        <>
          {onRetry && <Button intent="primary" text={SHELL_TEXTS.tryAgain} onClick={onRetry} />}
          <Button text={SHELL_TEXTS.reload} onClick={() => window.location.reload()} />
        </>
      }
    />
  );
}

/** The router's error screen: a failure no screen caught, in the app's words. */
export function RouteFailed() {
  const error = useRouteError();
  // Logged once per failure, not on every draw.
  useEffect(() => console.error(error), [error]);
  return <ScreenFailed />;
}

interface ScreenBoundaryProps {
  children: ReactNode;
  /** Draws the screen again with its code fetched again (and this boundary replaced). */
  onRetry: () => void;
}

/** Catches a failure of the screen below and shows {@link ScreenFailed} in its place. */
export class ScreenBoundary extends Component<ScreenBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ScreenFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}
