/**
 * The device models on the account (they gate the menu, spec section 2) and the count of device
 * warnings (the Devices badge). The single seam the devices issue feeds from its API.
 */
export function useAccountDevices(): { models: string[]; warnings: number } {
  return { models: [], warnings: 0 };
}
