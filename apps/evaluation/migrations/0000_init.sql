CREATE SCHEMA "evaluation";
