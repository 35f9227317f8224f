import { createContext, type ComponentType } from 'react';

export interface CommandPaletteProps {
  open: boolean;
  onClose(): void;
  /** Opens "New space" (the layout holds its form). */
  onNewSpace(): void;
}

export interface NewSpaceProps {
  open: boolean;
  onClose(): void;
}

/**
 * The shell's parts built on the layers above it: the ⌘K palette (it
 * searches content) and the "New space" form. The app provides them, each
 * loaded when first opened.
 */
export const ShellPartsContext = createContext<{
  CommandPalette: ComponentType<CommandPaletteProps>;
  NewSpace: ComponentType<NewSpaceProps>;
} | null>(null);
