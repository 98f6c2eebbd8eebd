export {
  personaDemographics,
  RACE_ETHNICITIES,
  SEXES,
  type NewPersonaDemographicsRow,
  type PersonaDemographicsRow,
  type RaceEthnicity,
  type Sex,
} from './demographics.table';
export { DemographicsDirectory, type DeclaredDemographics } from './demographics-directory';
