CREATE SCHEMA "profile";
