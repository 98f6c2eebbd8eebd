import { ApiProperty } from '@nestjs/swagger';
import { RACE_ETHNICITIES, type RaceEthnicity, SEXES, type Sex } from '@teamfit/demographics';
import { Equals, IsIn } from 'class-validator';

const SEX_DESCRIPTION = 'Self-reported; DECLINED counts as unknown in the adverse-impact report';
const RACE_DESCRIPTION = 'Self-reported (the EEO-1 categories); DECLINED counts as unknown in the adverse-impact report';

/** PUT /persona/:id/demographics: all three fields required; anything else is 400 naming the field. */
export class PutDemographicsDto {
  @ApiProperty({ enum: SEXES, enumName: 'DemographicSex', description: SEX_DESCRIPTION })
  @IsIn(SEXES, { message: `sex must be one of ${SEXES.join(', ')}` })
  sex!: Sex;

  @ApiProperty({ enum: RACE_ETHNICITIES, enumName: 'DemographicRaceEthnicity', description: RACE_DESCRIPTION })
  @IsIn(RACE_ETHNICITIES, { message: `raceEthnicity must be one of ${RACE_ETHNICITIES.join(', ')}` })
  raceEthnicity!: RaceEthnicity;

  @ApiProperty({
    enum: [true],
    type: Boolean,
    description: 'Must be true: the persona agrees that these answers are kept, apart from its profile, for adverse-impact reports only',
  })
  @Equals(true, { message: 'consent must be true: demographics are stored only with explicit consent' })
  consent!: true;
}

export class DemographicsDto {
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  @ApiProperty({ enum: SEXES, enumName: 'DemographicSex', description: SEX_DESCRIPTION }) sex!: Sex;
  @ApiProperty({ enum: RACE_ETHNICITIES, enumName: 'DemographicRaceEthnicity', description: RACE_DESCRIPTION })
  raceEthnicity!: RaceEthnicity;
  @ApiProperty({ enum: [true], type: Boolean, description: 'Always true: nothing is stored without consent' }) consent!: true;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When consent was given with these answers (the last PUT), set by the server',
  })
  consentedAt!: string;
}
