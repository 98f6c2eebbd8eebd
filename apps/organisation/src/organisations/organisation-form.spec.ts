import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '@teamfit/common';
import { changesOf } from './organisation-form';
import { CreateOrganisationDto, UpdateOrganisationDto } from './organisation.dto';

/** The multipart fields as the route receives them: the platform's validation pipe, then the conversion. */
async function parse(metatype: typeof CreateOrganisationDto | typeof UpdateOrganisationDto, fields: Record<string, string>) {
  const dto = (await createValidationPipe().transform(fields, { type: 'body', metatype })) as CreateOrganisationDto | UpdateOrganisationDto;
  return changesOf(dto);
}

/** The 400 message the pipe raises for the fields. */
async function refusal(
  fields: Record<string, string>,
  metatype: typeof CreateOrganisationDto | typeof UpdateOrganisationDto = UpdateOrganisationDto,
): Promise<string> {
  try {
    await parse(metatype, fields);
  } catch (error) {
    if (error instanceof BadRequestException) return (error.getResponse() as { message: string }).message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(fields)}`);
}

describe('organisation form parsing', () => {
  it('converts every setting from its multipart string to the column value', async () => {
    const changes = await parse(CreateOrganisationDto, {
      name: 'Acme',
      urlName: 'acme-corp',
      algorithmVersion: 'v2',
      genderInputOnRegister: 'true',
      includeMatchUserInTeam: 'false',
      isLocationPriority: 'true',
      isPublic: 'false',
      showMatches: 'true',
      userChange: 'false',
      licenses: '25',
      templatePrefix: 'acme_',
      workstyleWeight: '-0.25',
      productExpireTimestamp: '2027-01-31T12:00:00.000Z',
      sampleAddTimestamp: '2026-12-01T08:30:00Z',
    });
    expect(changes).toEqual({
      name: 'Acme',
      urlName: 'acme-corp',
      algorithmVersion: 'v2',
      genderInputOnRegister: true,
      includeMatchUserInTeam: false,
      isLocationPriority: true,
      isPublic: false,
      showMatches: true,
      userChange: false,
      licenses: 25,
      templatePrefix: 'acme_',
      workstyleWeight: -0.25,
      productExpireTimestamp: new Date('2027-01-31T12:00:00.000Z'),
      sampleAddTimestamp: new Date('2026-12-01T08:30:00Z'),
    });
  });

  it('leaves out every field not sent, so the table defaults and stored values stay', async () => {
    expect(await parse(UpdateOrganisationDto, {})).toEqual({});
    expect(await parse(UpdateOrganisationDto, { licenses: '0' })).toEqual({ licenses: 0 });
  });

  it('clears the nullable settings when they are sent empty', async () => {
    expect(
      await parse(UpdateOrganisationDto, { templatePrefix: '', workstyleWeight: '', productExpireTimestamp: '', sampleAddTimestamp: '' }),
    ).toEqual({
      templatePrefix: null,
      workstyleWeight: null,
      productExpireTimestamp: null,
      sampleAddTimestamp: null,
    });
  });

  it.each([
    [{ licenses: '12abc' }, 'licenses must be a non-negative integer'],
    [{ licenses: ' 12' }, 'licenses must be a non-negative integer'],
    [{ licenses: '-1' }, 'licenses must be a non-negative integer'],
    [{ licenses: '1000000000' }, 'licenses must be a non-negative integer'],
    [{ workstyleWeight: '1e3' }, 'workstyleWeight must be a decimal number'],
    [{ workstyleWeight: '0.5x' }, 'workstyleWeight must be a decimal number'],
    [{ isPublic: 'yes' }, 'isPublic must be "true" or "false"'],
    [{ isPublic: '' }, 'isPublic must be "true" or "false"'],
    [{ productExpireTimestamp: '31/01/2027' }, 'productExpireTimestamp must be an ISO 8601 date-time'],
    [{ algorithmVersion: 'v3' }, 'algorithmVersion'],
    [{ urlName: 'Acme Corp' }, 'urlName must contain only lowercase letters, digits and hyphens'],
    [{ name: '' }, 'name'],
    [{ logoUrl: 'https://example.test/x.png' }, 'property logoUrl should not exist'],
  ])('refuses %j naming the field', async (fields, message) => {
    expect(await refusal(fields)).toContain(message);
  });

  it('requires name and urlName when creating', async () => {
    const message = await refusal({ isPublic: 'true' }, CreateOrganisationDto);
    expect(message).toContain('name');
    expect(message).toContain('urlName');
  });
});
