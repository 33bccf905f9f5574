CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, full_name VARCHAR, division VARCHAR, salary DOUBLE, shift_pattern VARCHAR, work_site VARCHAR);
INSERT INTO employees VALUES (1, 'Ada Kim', 'Research', 120000, 'Day', 'Remote'), (2, 'Bea Lund', 'People', 90000, 'Pattern', 'Office'), (3, 'Cai Moro', 'Research', 110000, 'Day', 'Office'), (4, 'Dev Rao', 'Legal', 80000, 'Night', 'Remote');
