import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class UserUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'URL of the user in the API' })
  location!: string;
}

/** GitBook's User (OrganizationsPresenter.user): GET /v1/user, and the `user` of every member. */
export class UserResponse {
  @ApiProperty({ type: String, enum: ['user'] })
  object!: 'user';

  @ApiProperty({ type: String, description: 'Unique identifier for the user' })
  id!: string;

  @ApiProperty({ type: String, description: 'Full name of the user (the local part of the e-mail address when none was given)' })
  displayName!: string;

  @ApiProperty({ type: String, description: 'E-mail address of the user' })
  email!: string;

  @ApiPropertyOptional({ type: String, description: "URL of the user's profile picture, when there is one" })
  photoURL?: string;

  @ApiProperty({ type: () => UserUrls })
  urls!: UserUrls;
}
