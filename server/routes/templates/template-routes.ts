import type { App } from '../../types';

export function registerTemplateRoutes(app: App): void {
  void app;
}
