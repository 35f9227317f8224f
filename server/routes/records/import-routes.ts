import type { App } from '../../types';

export async function registerImportRoutes(app: App): Promise<void> {
  void app;
}
