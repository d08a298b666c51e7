/** "SERVICE_REQUEST" -> "Service Request": display labels for enumeration codes. */
export function humaniseCode(code: string): string {
  return code
    .toLowerCase()
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
