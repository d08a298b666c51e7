/** What the file pickers offer: the types the API accepts (it checks the content, not the name). */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,.docx,.xlsx,.txt,image/jpeg,image/png,application/pdf,text/plain';
