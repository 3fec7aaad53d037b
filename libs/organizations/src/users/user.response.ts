import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, LocationUrls } from '@docs/platform';

/** GitBook's User (OrganizationsPresenter.user): GET /v1/user, and the `user` of every member. */
export class UserResponse extends ApiObject('user', { description: 'Unique identifier for the user' }) {
  @ApiProperty({ type: String, description: 'Full name of the user (the local part of the e-mail address when none was given)' })
  displayName!: string;

  @ApiProperty({ type: String, description: 'E-mail address of the user' })
  email!: string;

  @ApiPropertyOptional({ type: String, description: "URL of the user's profile picture, when there is one" })
  photoURL?: string;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}
