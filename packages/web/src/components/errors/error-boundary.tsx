import { Component, type ReactNode } from 'react';

interface Props {
  /** The history entry on screen: moving to another one tries the children again. */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  shownKey: string;
}

/** Shows `fallback` instead of children that threw while rendering or loading their code. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, shownKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.shownKey
      ? null
      : { failed: false, error: undefined, shownKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
