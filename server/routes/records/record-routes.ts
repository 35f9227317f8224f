import type { App } from '../../types';

export function registerRecordRoutes(app: App): void {
  void app;
}
