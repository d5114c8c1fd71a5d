import { Component, type ReactNode } from "react";
import { ErrorPage } from "./ErrorPage";

interface State {
  error: Error | null;
}

/**
 * Catches a screen that throws while rendering (or a lazy chunk that failed to load) so the
 * shell — menu, tabs, header — stays usable. The outlet keys it by path, so navigating away
 * starts a fresh boundary.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error("[screen]", error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return error.name === "ChunkLoadError" ? <ErrorPage chunkFailed /> : <ErrorPage detail={error.message} />;
  }
}
