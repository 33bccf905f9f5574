CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, full_name VARCHAR, division VARCHAR, salary DOUBLE, shift_pattern VARCHAR);
INSERT INTO employees VALUES (1, 'Ada Kim', 'Research', 120000, 'Day'), (2, 'Bea Lund', 'People', 90000, 'Pattern'), (3, 'Cai Moro', 'Research', 110000, 'Day'), (4, 'Dev Rao', 'Legal', 80000, 'Night');
