/**
 * Saves JSON as a file on the member's device (a blob URL and a link with `download`): nothing leaves the
 * browser, and the Content-Security-Policy is not involved.
 */
export const downloadJson = (fileName: string, data: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
