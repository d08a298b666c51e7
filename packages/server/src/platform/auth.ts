/** The signed-in principal as every request sees it (identity resolves it; the platform only carries it). */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isSuperuser: boolean;
  isActive: boolean;
  userType: number;
}
