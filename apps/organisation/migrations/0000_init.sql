CREATE SCHEMA "organisation";
