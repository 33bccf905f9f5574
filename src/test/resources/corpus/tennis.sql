CREATE TABLE players (player_id INTEGER PRIMARY KEY, name VARCHAR, handedness VARCHAR);
INSERT INTO players VALUES (1, 'Ada Kim', 'right'), (2, 'Bea Lund', 'left'), (3, 'Cai Moro', 'right');
CREATE TABLE matches (match_id INTEGER PRIMARY KEY, winner_id INTEGER, loser_id INTEGER, tourney_name VARCHAR, round VARCHAR, outcome VARCHAR);
INSERT INTO matches VALUES (1, 1, 2, 'Wimbledon', 'F', 'completed'), (2, 2, 3, 'Roland Garros', 'SF', 'walkover'), (3, 3, 1, 'Wimbledon', 'F', 'retired');
CREATE TABLE sponsorships (sponsorship_id INTEGER PRIMARY KEY, player_id INTEGER, brand VARCHAR);
INSERT INTO sponsorships VALUES (1, 1, 'Acmewear'), (2, 2, 'Zenith Sports'), (3, 1, 'Zenith Sports');
