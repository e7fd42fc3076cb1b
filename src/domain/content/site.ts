// Where the public site lives: the configured PUBLIC_BASE_URL, else the origin the request came
// to (good for development; production sets the variable so links never follow a Host header).
export function siteService(publicBaseUrl: string | null) {
  return {
    baseUrl(requestOrigin: string): string {
      return publicBaseUrl ?? requestOrigin;
    },
  };
}
