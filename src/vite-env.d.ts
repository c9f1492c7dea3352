/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
  readonly VITE_INSPECT?: string;
  readonly VITE_SUPPORT?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
