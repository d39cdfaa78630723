import { FluentProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { xuetuTheme } from './theme';

/** Fluent UI's provider, loaded only with the pages that use Fluent components. */
export default function FluentScope({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={xuetuTheme} className="xt-fluent-scope">
      {children}
    </FluentProvider>
  );
}
